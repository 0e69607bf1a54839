import type { FastifyBaseLogger } from 'fastify';
import type { AdditionalInput } from '../../contract/index.ts';
import { badRequest } from '../../lib/errors.ts';
import { checkFormat } from './field-format.ts';
import type { EditableField, NewCustomValue } from './repository.ts';

export const ONE_VALUE_MESSAGE = 'This field takes one value';
export const OPTIONS_ONLY_MESSAGE = 'This field accepts only its own options';
export const NOT_AN_OPTION_MESSAGE = 'The value is not an option of this field';
export const EMPTY_OTHER_MESSAGE = 'Value is a required field';

const DIGITS = /^[0-9]+$/;

/**
 * The rows a PUT /users/me/additionals/{fieldId} body stands for, checked against the field as the Advanced tab
 * checks it (spec, "Advanced profile"): a text value against the field's format, a select's and a multiselect's
 * values against its options, free text only where `allow_other` is set. Repeats are dropped; text is trimmed
 * and stored as written (no markup is interpreted anywhere).
 *
 * @param field
 * @param body
 * @param log   Where a format the catalogue cannot compile is reported (the value is then taken unchecked).
 * @throws HttpError 400 with the spec's message, or one naming what is wrong.
 */
export function valuesFor(
	field: EditableField,
	body: AdditionalInput,
	log: FastifyBaseLogger
): NewCustomValue[] {
	const items = Array.isArray( body ) ? body : [ body ];
	if ( items.length > 1 && field.type !== 'multiselect' ) {
		throw badRequest( ONE_VALUE_MESSAGE );
	}
	if ( field.type === 'text' ) {
		return items.flatMap( ( item ) => textValue( field, item.value, log ) );
	}
	const optionByName = new Map(
		field.options.map( ( option ) => [
			option.name.trim().toLowerCase(),
			option.id,
		] )
	);
	const optionIds = new Set( field.options.map( ( option ) => option.id ) );
	const chosen = new Set< number >();
	const others = new Map< string, string >();
	for ( const { value, is_candidate: isCandidate } of items ) {
		const text = String( value ).trim();
		const named = optionByName.get( text.toLowerCase() );
		if ( isCandidate ) {
			if ( ! text ) {
				throw badRequest( EMPTY_OTHER_MESSAGE );
			}
			if ( named !== undefined ) {
				chosen.add( named );
			} else if ( ! field.allowOther ) {
				throw badRequest( OPTIONS_ONLY_MESSAGE );
			} else if ( ! others.has( text.toLowerCase() ) ) {
				others.set( text.toLowerCase(), text );
			}
		} else if ( DIGITS.test( text ) && optionIds.has( Number( text ) ) ) {
			chosen.add( Number( text ) );
		} else if ( named !== undefined ) {
			chosen.add( named );
		} else {
			throw badRequest( NOT_AN_OPTION_MESSAGE );
		}
	}
	return [
		// In the field's option order, as they are listed back.
		...field.options
			.filter( ( option ) => chosen.has( option.id ) )
			.map( ( option ) => ( { optionId: option.id } ) ),
		...[ ...others.values() ].map( ( text ) => ( {
			text,
			isCandidate: true,
		} ) ),
	];
}

function textValue(
	field: EditableField,
	value: string | number,
	log: FastifyBaseLogger
): NewCustomValue[] {
	const text = String( value ).trim();
	if ( ! text ) {
		return [];
	}
	const check = checkFormat( field.format, text );
	if ( check.ok === false ) {
		throw badRequest( check.message );
	}
	if ( check.ok === 'unchecked' ) {
		log.warn(
			{ fieldId: field.id, reason: check.reason },
			'custom user field format does not compile; value stored unchecked'
		);
	}
	return [ { text, isCandidate: false } ];
}
