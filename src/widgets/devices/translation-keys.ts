import type en from '../../../languages/en.json';

/** A key of the `devices` messages, so tables of names can say which text they mean and stay type-checked. */
export type DevicesKey = keyof ( typeof en )[ 'devices' ];
