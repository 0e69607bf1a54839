import type { Booty, Money, UserField, UserMe } from './contract';

/**
 * `GET /users/me` (`UserMe`): `id` always, plus exactly the fields asked for with `fields=`, so everything else is
 * optional and readers apply the spec's defaults (0, empty text).
 */
export type Me = UserMe;

/** The values `fields=` accepts (`UserField`). */
export type MeField = UserField;

export type { Booty, Money };
