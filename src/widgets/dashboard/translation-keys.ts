import type en from '../../../languages/en.json';

/** A key of the `dashboard` messages, so configurations can name their texts and stay type-checked. */
export type DashboardKey = keyof ( typeof en )[ 'dashboard' ];
