import { loadWhenIdle, whenIdle } from '../when-idle';

/** Idle moments come only when a test lets them. */
let idle: Array< () => void > = [];

beforeEach( () => {
	idle = [];
	window.requestIdleCallback = ( callback ) => {
		idle.push( () =>
			callback( { didTimeout: false, timeRemaining: () => 50 } )
		);
		return idle.length;
	};
} );

afterEach( () => {
	delete ( window as Partial< Window > ).requestIdleCallback;
} );

const settled = async < T >( promise: Promise< T > ) => {
	let done = false;
	promise.then( () => ( done = true ) );
	await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
	return done;
};

it( 'waits for the browser to be idle, with a deadline', async () => {
	let options: IdleRequestOptions | undefined;
	window.requestIdleCallback = ( callback, given ) => {
		options = given;
		idle.push( () =>
			callback( { didTimeout: false, timeRemaining: () => 50 } )
		);
		return 1;
	};
	const waiting = whenIdle( 500 );
	expect( await settled( waiting ) ).toBe( false );
	expect( options ).toEqual( { timeout: 500 } );
	idle.forEach( ( run ) => run() );
	expect( await settled( waiting ) ).toBe( true );
} );

it( 'downloads at the idle moment, or at once when asked first, and only once', async () => {
	const importer = jest.fn( () => Promise.resolve( { answer: 42 } ) );
	const code = loadWhenIdle( importer );

	const atIdle = code.loadWhenIdle();
	expect( await settled( atIdle ) ).toBe( false );
	expect( importer ).not.toHaveBeenCalled();

	const now = code.load();
	expect( await now ).toEqual( { answer: 42 } );
	expect( await atIdle ).toEqual( { answer: 42 } );
	idle.forEach( ( run ) => run() );
	await code.loadWhenIdle();
	expect( importer ).toHaveBeenCalledTimes( 1 );
} );

it( 'without an idle callback (Safari), goes on a moment later', async () => {
	delete ( window as Partial< Window > ).requestIdleCallback;
	const importer = jest.fn( () => Promise.resolve( 'module' ) );
	await expect( loadWhenIdle( importer ).loadWhenIdle() ).resolves.toBe(
		'module'
	);
} );
