import { PASSWORD_RULES, type PasswordRule } from '../lib/password-rules';
import { useTranslation } from '../lib/use-translation';
import './password-checklist.scss';

const LABELS = {
	length: 'signup.ruleLength',
	uppercase: 'signup.ruleUppercase',
	lowercase: 'signup.ruleLowercase',
	number: 'signup.ruleNumber',
} as const satisfies Record< PasswordRule, string >;

/** The checklist shows the rules in the order people read them; the messages follow the spec's order. */
const DISPLAY_ORDER: PasswordRule[] = [
	'length',
	'uppercase',
	'lowercase',
	'number',
];

/**
 * The live password checklist of sign-up and of the password change: each rule ticks as soon as the password meets it. Each item says
 * in words whether it is met, and the list is a polite live region, so screen reader users hear the rule
 * that changed without leaving the field.
 *
 * @param props
 * @param props.id       The list's id, named by the password field's `aria-describedby`.
 * @param props.password The password as typed.
 */
export function PasswordChecklist( {
	id,
	password,
}: {
	id: string;
	password: string;
} ) {
	const { t } = useTranslation();
	return (
		<div className="crowdscout-password-checklist">
			<p
				id={ `${ id }-title` }
				className="crowdscout-password-checklist__title"
			>
				{ t( 'signup.passwordRules' ) }
			</p>
			<ul
				id={ id }
				aria-labelledby={ `${ id }-title` }
				aria-live="polite"
			>
				{ DISPLAY_ORDER.map( ( key ) => {
					const rule = PASSWORD_RULES.find(
						( candidate ) => candidate.key === key
					)!;
					const met = rule.test( password );
					return (
						<li
							key={ key }
							className={ `crowdscout-password-checklist__rule${
								met
									? ' crowdscout-password-checklist__rule--met'
									: ''
							}` }
						>
							<span
								className="crowdscout-password-checklist__rule-icon"
								aria-hidden="true"
							>
								{ met ? '✓' : '•' }
							</span>
							{ t( LABELS[ key ] ) }
							<span className="crowdscout-visually-hidden">
								{ `: ${
									met
										? t( 'signup.ruleMet' )
										: t( 'signup.ruleNotMet' )
								}` }
							</span>
						</li>
					);
				} ) }
			</ul>
		</div>
	);
}
