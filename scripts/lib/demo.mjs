/**
 * Demo logins of the development platform (documented in the README). WordPress keeps the passwords; the API
 * creates testers through its sign-up call, which goes through the internal channel like a real sign-up.
 */
export const DEMO_ADMIN = {
	email: 'admin@crowdscout.test',
	login: 'admin',
	password: 'Admin1234!',
};

export const DEMO_TESTERS = [
	{
		email: 'demo@crowdscout.test',
		password: 'Demo1234!',
		name: 'Dana',
		surname: 'Demo',
		birthDate: '1992-05-14',
		country: 'IT',
	},
	// Made a tester_lead by the development mu-plugin (scripts/wp/mu-plugins/crowdscout-dev.php).
	{
		email: 'lead@crowdscout.test',
		password: 'Lead1234!',
		name: 'Leo',
		surname: 'Lead',
		birthDate: '1988-03-02',
		country: 'FR',
	},
];

/**
 * Creates the demo testers that do not exist yet.
 *
 * @param {{ apiUrl: string, log?: (line: string) => void }} options
 */
export async function seedDemo( { apiUrl, log = console.log } ) {
	for ( const tester of DEMO_TESTERS ) {
		const response = await fetch( `${ apiUrl }/users`, {
			method: 'POST',
			headers: { 'content-type': 'application/json' },
			body: JSON.stringify( tester ),
		} );
		if ( response.status === 201 ) {
			log( `Created demo tester ${ tester.email }` );
		} else if ( response.status !== 412 ) {
			throw new Error(
				`Could not create demo tester ${ tester.email }: ${
					response.status
				} ${ await response.text() }`
			);
		}
	}
}
