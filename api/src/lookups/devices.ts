/**
 * The device catalogue: manufacturers and current models per device type, PC types, the operating systems each
 * type runs with their versions (newest first), and which of them each manufacturer ships. Hand-made from the
 * manufacturers' own line-ups (2020–2025). Ids are positions in the flattened lists below, so every list is
 * append only: a model goes in a new line at the end of DEVICE_MODELS, a manufacturer at the end of
 * DEVICE_MANUFACTURERS, a version in OS_VERSION_ADDITIONS; databases that ran 0004 get them from a new migration
 * (0015 inserts whatever rows they lack).
 */

/** The spec's device type codes. */
export const DEVICE_TYPES = {
	smartphone: 0,
	tablet: 1,
	pc: 2,
	console: 3,
	smartwatch: 4,
	smartTv: 5,
} as const;

export type DeviceType = ( typeof DEVICE_TYPES )[ keyof typeof DEVICE_TYPES ];

export interface ModelLine {
	deviceType: DeviceType;
	manufacturer: string;
	models: readonly string[];
}

const {
	smartphone,
	tablet,
	pc,
	console: gameConsole,
	smartwatch,
	smartTv,
} = DEVICE_TYPES;

/**
 * A tester's PC is recorded by PC type (0003 requires it); the PC models are there for campaign device lists
 * and for testers' own reference.
 */
export const DEVICE_MODELS: readonly ModelLine[] = [
	{
		deviceType: smartphone,
		manufacturer: 'Apple',
		models: [
			'iPhone 16 Pro Max',
			'iPhone 16 Pro',
			'iPhone 16 Plus',
			'iPhone 16',
			'iPhone 16e',
			'iPhone 15 Pro Max',
			'iPhone 15 Pro',
			'iPhone 15 Plus',
			'iPhone 15',
			'iPhone 14',
			'iPhone 13',
			'iPhone 12',
			'iPhone SE (3rd generation)',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Samsung',
		models: [
			'Galaxy S25 Ultra',
			'Galaxy S25+',
			'Galaxy S25',
			'Galaxy S24 Ultra',
			'Galaxy S24',
			'Galaxy S24 FE',
			'Galaxy S23',
			'Galaxy Z Fold6',
			'Galaxy Z Flip6',
			'Galaxy A55 5G',
			'Galaxy A35 5G',
			'Galaxy A25 5G',
			'Galaxy A15',
			'Galaxy A05s',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Google',
		models: [
			'Pixel 9 Pro XL',
			'Pixel 9 Pro',
			'Pixel 9',
			'Pixel 9 Pro Fold',
			'Pixel 8a',
			'Pixel 8 Pro',
			'Pixel 8',
			'Pixel 7a',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Xiaomi',
		models: [
			'Xiaomi 15 Ultra',
			'Xiaomi 15',
			'Xiaomi 14T Pro',
			'Xiaomi 14',
			'Redmi Note 14 Pro 5G',
			'Redmi Note 13 Pro',
			'Redmi Note 13',
			'Redmi 13C',
			'POCO F6',
			'POCO X6 Pro',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'OnePlus',
		models: [
			'OnePlus 13',
			'OnePlus 12',
			'OnePlus 12R',
			'OnePlus Nord 4',
			'OnePlus Nord CE4',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Motorola',
		models: [ 'edge 50 pro', 'razr 50 ultra', 'moto g84', 'moto g54' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'OPPO',
		models: [ 'Find X8 Pro', 'Reno12 Pro', 'A79 5G' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Huawei',
		models: [ 'Pura 70 Pro', 'Mate 60 Pro', 'nova 12' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Sony',
		models: [ 'Xperia 1 VI', 'Xperia 10 VI' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Nothing',
		models: [ 'Phone (2)', 'Phone (2a)' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Fairphone',
		models: [ 'Fairphone 5' ],
	},

	{
		deviceType: tablet,
		manufacturer: 'Apple',
		models: [
			'iPad Pro 13-inch (M4)',
			'iPad Pro 11-inch (M4)',
			'iPad Air 13-inch (M2)',
			'iPad Air 11-inch (M2)',
			'iPad mini (A17 Pro)',
			'iPad (10th generation)',
			'iPad (9th generation)',
		],
	},
	{
		deviceType: tablet,
		manufacturer: 'Samsung',
		models: [
			'Galaxy Tab S10 Ultra',
			'Galaxy Tab S10+',
			'Galaxy Tab S9',
			'Galaxy Tab S9 FE',
			'Galaxy Tab A9+',
			'Galaxy Tab A9',
		],
	},
	{
		deviceType: tablet,
		manufacturer: 'Lenovo',
		models: [ 'Tab P12', 'Tab M11', 'Tab M10 Plus (3rd Gen)' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Xiaomi',
		models: [ 'Xiaomi Pad 6', 'Redmi Pad Pro', 'Redmi Pad SE' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Google',
		models: [ 'Pixel Tablet' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Amazon',
		models: [ 'Fire Max 11', 'Fire HD 10 (2023)', 'Fire HD 8 (2022)' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Microsoft',
		models: [ 'Surface Pro (11th Edition)', 'Surface Pro 9' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'OnePlus',
		models: [ 'OnePlus Pad 2' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Huawei',
		models: [ 'MatePad 11.5' ],
	},

	{
		deviceType: pc,
		manufacturer: 'Apple',
		models: [
			'MacBook Air 13-inch (M3)',
			'MacBook Air 15-inch (M3)',
			'MacBook Pro 14-inch (M4)',
			'MacBook Pro 16-inch (M4 Pro)',
			'iMac 24-inch (M4)',
			'Mac mini (M4)',
			'Mac Studio (M2 Max)',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'Dell',
		models: [
			'XPS 13',
			'XPS 15',
			'Inspiron 15',
			'Latitude 5440',
			'Alienware m16',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'HP',
		models: [
			'Pavilion 15',
			'EliteBook 840 G10',
			'Spectre x360 14',
			'OMEN 16',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'Lenovo',
		models: [
			'ThinkPad X1 Carbon Gen 12',
			'ThinkPad T14 Gen 4',
			'IdeaPad Slim 5',
			'Yoga 7i',
			'Legion 5 Pro',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'ASUS',
		models: [
			'Zenbook 14 OLED',
			'Vivobook 15',
			'ROG Zephyrus G14',
			'ROG Strix G16',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'Acer',
		models: [
			'Aspire 5',
			'Swift Go 14',
			'Nitro V 15',
			'Predator Helios Neo 16',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'Microsoft',
		models: [ 'Surface Laptop (7th Edition)', 'Surface Laptop Go 3' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Framework',
		models: [ 'Laptop 13', 'Laptop 16' ],
	},

	{
		deviceType: gameConsole,
		manufacturer: 'Sony',
		models: [
			'PlayStation 5 Pro',
			'PlayStation 5',
			'PlayStation 5 Digital Edition',
			'PlayStation Portal',
			'PlayStation 4 Pro',
			'PlayStation 4',
		],
	},
	{
		deviceType: gameConsole,
		manufacturer: 'Microsoft',
		models: [
			'Xbox Series X',
			'Xbox Series S',
			'Xbox One X',
			'Xbox One S',
		],
	},
	{
		deviceType: gameConsole,
		manufacturer: 'Nintendo',
		models: [ 'Switch 2', 'Switch (OLED model)', 'Switch', 'Switch Lite' ],
	},
	{
		deviceType: gameConsole,
		manufacturer: 'Valve',
		models: [ 'Steam Deck OLED', 'Steam Deck LCD' ],
	},

	{
		deviceType: smartwatch,
		manufacturer: 'Apple',
		models: [
			'Apple Watch Series 10',
			'Apple Watch Ultra 2',
			'Apple Watch Series 9',
			'Apple Watch SE (2nd generation)',
		],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Samsung',
		models: [
			'Galaxy Watch Ultra',
			'Galaxy Watch7',
			'Galaxy Watch6 Classic',
			'Galaxy Watch FE',
		],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Google',
		models: [ 'Pixel Watch 3', 'Pixel Watch 2' ],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'OnePlus',
		models: [ 'OnePlus Watch 2' ],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Mobvoi',
		models: [ 'TicWatch Pro 5' ],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Xiaomi',
		models: [ 'Xiaomi Watch 2' ],
	},

	{
		deviceType: smartTv,
		manufacturer: 'Samsung',
		models: [
			'Neo QLED QN90D',
			'OLED S90D',
			'The Frame (2024)',
			'Crystal UHD DU7100',
		],
	},
	{
		deviceType: smartTv,
		manufacturer: 'LG',
		models: [ 'OLED evo G4', 'OLED evo C4', 'QNED85', 'UHD UT80' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Sony',
		models: [ 'BRAVIA 9', 'BRAVIA 8', 'BRAVIA 7' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'TCL',
		models: [ 'C845', 'P755' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Apple',
		models: [
			'Apple TV 4K (3rd generation)',
			'Apple TV 4K (2nd generation)',
		],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Google',
		models: [ 'Google TV Streamer', 'Chromecast with Google TV (4K)' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Amazon',
		models: [
			'Fire TV Stick 4K Max (2nd Gen)',
			'Fire TV Stick (3rd Gen)',
			'Fire TV Cube (3rd Gen)',
		],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Xiaomi',
		models: [ 'TV Box S (2nd Gen)', 'TV Stick 4K' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'NVIDIA',
		models: [ 'SHIELD TV Pro', 'SHIELD TV' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Roku',
		models: [ 'Streaming Stick 4K', 'Ultra (2024)' ],
	},

	// 0015: the 2025 line-ups, and manufacturers 0004 lacked.
	{
		deviceType: smartphone,
		manufacturer: 'Apple',
		models: [
			'iPhone 17 Pro Max',
			'iPhone 17 Pro',
			'iPhone Air',
			'iPhone 17',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Samsung',
		models: [
			'Galaxy S25 Edge',
			'Galaxy S25 FE',
			'Galaxy Z Fold7',
			'Galaxy Z Flip7',
			'Galaxy Z Flip7 FE',
			'Galaxy A56 5G',
			'Galaxy A36 5G',
			'Galaxy A26 5G',
			'Galaxy A16 5G',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Google',
		models: [
			'Pixel 10 Pro XL',
			'Pixel 10 Pro',
			'Pixel 10',
			'Pixel 10 Pro Fold',
			'Pixel 9a',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Xiaomi',
		models: [
			'Xiaomi 15T Pro',
			'Xiaomi 15T',
			'Redmi Note 14 Pro+ 5G',
			'Redmi Note 14',
			'POCO F7 Pro',
			'POCO F7',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'OnePlus',
		models: [ 'OnePlus 13R', 'OnePlus Nord 5', 'OnePlus Nord CE5' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Motorola',
		models: [
			'edge 60 pro',
			'edge 60',
			'razr 60 ultra',
			'razr 60',
			'moto g85 5G',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'OPPO',
		models: [ 'Find X8', 'Reno13 Pro 5G', 'Reno13 5G' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Huawei',
		models: [ 'Pura 80 Pro', 'Mate X6', 'nova 13 Pro' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Sony',
		models: [ 'Xperia 1 VII' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Nothing',
		models: [
			'Phone (3)',
			'Phone (3a) Pro',
			'Phone (3a)',
			'CMF Phone 2 Pro',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Fairphone',
		models: [ 'Fairphone (Gen. 6)' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'Honor',
		models: [
			'Magic7 Pro',
			'Magic V3',
			'Honor 400 Pro',
			'Honor 400',
			'Honor 200',
		],
	},
	{
		deviceType: smartphone,
		manufacturer: 'realme',
		models: [ 'GT 7 Pro', 'realme 14 Pro+ 5G', 'realme 14 Pro 5G' ],
	},
	{
		deviceType: smartphone,
		manufacturer: 'vivo',
		models: [ 'X200 Pro', 'X200 FE', 'V50' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Apple',
		models: [
			'iPad Pro 13-inch (M5)',
			'iPad Pro 11-inch (M5)',
			'iPad Air 13-inch (M3)',
			'iPad Air 11-inch (M3)',
			'iPad (A16)',
		],
	},
	{
		deviceType: tablet,
		manufacturer: 'Samsung',
		models: [
			'Galaxy Tab S11 Ultra',
			'Galaxy Tab S11',
			'Galaxy Tab S10 FE+',
			'Galaxy Tab S10 FE',
		],
	},
	{
		deviceType: tablet,
		manufacturer: 'Lenovo',
		models: [ 'Yoga Tab Plus', 'Idea Tab Pro' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Xiaomi',
		models: [ 'Xiaomi Pad 7 Pro', 'Xiaomi Pad 7', 'Redmi Pad 2' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'Microsoft',
		models: [ 'Surface Pro, 12-inch' ],
	},
	{
		deviceType: tablet,
		manufacturer: 'OnePlus',
		models: [ 'OnePlus Pad 3' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Apple',
		models: [
			'MacBook Air 13-inch (M4)',
			'MacBook Air 15-inch (M4)',
			'MacBook Pro 14-inch (M5)',
			'Mac Studio (M4 Max)',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'Dell',
		models: [ 'Dell 14 Plus', 'Dell Pro 14' ],
	},
	{
		deviceType: pc,
		manufacturer: 'HP',
		models: [ 'OmniBook X 14', 'OmniBook 5 14' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Lenovo',
		models: [
			'ThinkPad X1 Carbon Gen 13',
			'Yoga Slim 7x',
			'Legion Pro 7i',
		],
	},
	{
		deviceType: pc,
		manufacturer: 'ASUS',
		models: [ 'Zenbook A14', 'ROG Flow Z13 (2025)', 'Vivobook S 14' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Acer',
		models: [ 'Swift 14 AI', 'Aspire Go 15' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Microsoft',
		models: [ 'Surface Laptop, 13-inch' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Framework',
		models: [ 'Laptop 12', 'Desktop' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Samsung',
		models: [ 'Galaxy Book5 Pro', 'Galaxy Book5 360' ],
	},
	{
		deviceType: pc,
		manufacturer: 'MSI',
		models: [ 'Prestige 13 AI+ Evo', 'Katana 15', 'Titan 18 HX' ],
	},
	{
		deviceType: pc,
		manufacturer: 'Razer',
		models: [ 'Blade 16', 'Blade 14' ],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Apple',
		models: [
			'Apple Watch Series 11',
			'Apple Watch Ultra 3',
			'Apple Watch SE 3',
		],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Samsung',
		models: [ 'Galaxy Watch8 Classic', 'Galaxy Watch8' ],
	},
	{
		deviceType: smartwatch,
		manufacturer: 'Google',
		models: [ 'Pixel Watch 4' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Samsung',
		models: [ 'Neo QLED QN90F', 'OLED S95F', 'OLED S90F', 'The Frame Pro' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'LG',
		models: [ 'OLED evo G5', 'OLED evo C5', 'QNED86' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Sony',
		models: [ 'BRAVIA 8 II', 'BRAVIA 5' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'TCL',
		models: [ 'C855', 'QM7K' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Hisense',
		models: [ 'U8N', 'U7N', 'A6N' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Philips',
		models: [ 'OLED809', 'The One PUS8909' ],
	},
	{
		deviceType: smartTv,
		manufacturer: 'Panasonic',
		models: [ 'Z95A', 'Z90A' ],
	},
];

/**
 * Every manufacturer of the catalogue, once. The first 26 are 0004's (its alphabetical order); later ones are
 * appended, so no id moves.
 */
export const DEVICE_MANUFACTURERS: readonly string[] = [
	'Acer',
	'Amazon',
	'Apple',
	'ASUS',
	'Dell',
	'Fairphone',
	'Framework',
	'Google',
	'HP',
	'Huawei',
	'Lenovo',
	'LG',
	'Microsoft',
	'Mobvoi',
	'Motorola',
	'Nintendo',
	'Nothing',
	'NVIDIA',
	'OnePlus',
	'OPPO',
	'Roku',
	'Samsung',
	'Sony',
	'TCL',
	'Valve',
	'Xiaomi',
	// 0015
	'Honor',
	'realme',
	'vivo',
	'MSI',
	'Razer',
	'Hisense',
	'Philips',
	'Panasonic',
];

/** The spec's PC types, in its order. */
export const PC_TYPES: readonly string[] = [
	'Notebook',
	'Desktop',
	'Ultrabook',
	'Gaming PC',
	'Tablet PC / Hybrid',
];

export interface OsPlatform {
	deviceType: DeviceType;
	name: string;
	/** Newest first; stored with `position` = index, so the order survives names that do not sort. */
	versions: readonly string[];
}

export const OS_PLATFORMS: readonly OsPlatform[] = [
	{
		deviceType: smartphone,
		name: 'iOS',
		versions: [ '18', '17', '16', '15', '14' ],
	},
	{
		deviceType: smartphone,
		name: 'Android',
		versions: [ '15', '14', '13', '12', '11', '10' ],
	},
	{
		deviceType: smartphone,
		name: 'HarmonyOS',
		versions: [ '4.2', '4.0', '3.0' ],
	},

	{
		deviceType: tablet,
		name: 'iPadOS',
		versions: [ '18', '17', '16', '15' ],
	},
	{
		deviceType: tablet,
		name: 'Android',
		versions: [ '15', '14', '13', '12', '11' ],
	},
	{ deviceType: tablet, name: 'Fire OS', versions: [ '8', '7' ] },
	{ deviceType: tablet, name: 'Windows', versions: [ '11', '10' ] },
	{ deviceType: tablet, name: 'HarmonyOS', versions: [ '4.2', '4.0' ] },

	{
		deviceType: pc,
		name: 'Windows',
		versions: [ '11', '10', '8.1', '7' ],
	},
	{
		deviceType: pc,
		name: 'macOS',
		versions: [
			'15 Sequoia',
			'14 Sonoma',
			'13 Ventura',
			'12 Monterey',
			'11 Big Sur',
		],
	},
	{
		deviceType: pc,
		name: 'Linux',
		versions: [
			'Ubuntu 24.04 LTS',
			'Ubuntu 22.04 LTS',
			'Debian 12',
			'Fedora 41',
			'Linux Mint 22',
			'Arch Linux',
			'Other distribution',
		],
	},
	{
		deviceType: pc,
		name: 'ChromeOS',
		versions: [ '132', '131', '130', '126 LTS' ],
	},

	{
		deviceType: gameConsole,
		name: 'PlayStation',
		versions: [ 'PS5 24', 'PS5 23', 'PS4 12', 'PS4 11' ],
	},
	{
		deviceType: gameConsole,
		name: 'Xbox',
		versions: [ '2410', '2407', '2404', '2312' ],
	},
	{
		deviceType: gameConsole,
		name: 'Nintendo',
		versions: [ '19.0', '18.1', '17.0', '16.1' ],
	},
	{ deviceType: gameConsole, name: 'SteamOS', versions: [ '3.6', '3.5' ] },

	{
		deviceType: smartwatch,
		name: 'watchOS',
		versions: [ '11', '10', '9' ],
	},
	{ deviceType: smartwatch, name: 'Wear OS', versions: [ '5', '4', '3' ] },

	{
		deviceType: smartTv,
		name: 'Tizen',
		versions: [ '8.0', '7.0', '6.5', '6.0' ],
	},
	{
		deviceType: smartTv,
		name: 'webOS',
		versions: [ '24', '23', '22', '6.0' ],
	},
	{
		deviceType: smartTv,
		name: 'Android TV',
		versions: [ '14', '12', '11', '10', '9' ],
	},
	{ deviceType: smartTv, name: 'tvOS', versions: [ '18', '17', '16' ] },
	{ deviceType: smartTv, name: 'Fire OS', versions: [ '8', '7', '6' ] },
	{ deviceType: smartTv, name: 'Roku OS', versions: [ '14', '13', '12' ] },
	// 0015; a platform added since 0004 has its versions in OS_VERSION_ADDITIONS.
	{ deviceType: smartTv, name: 'VIDAA', versions: [] },
];

export interface OsVersionAddition {
	deviceType: DeviceType;
	/** The platform's name (with deviceType, unique). */
	platform: string;
	/** Newest first, all newer than the platform's versions listed before. */
	versions: readonly string[];
}

/**
 * Versions released since a platform's list was made: their ids follow every version of OS_PLATFORMS, and they
 * sort before the versions listed before them (lookups/index.ts gives them positions below those). Append only.
 */
export const OS_VERSION_ADDITIONS: readonly OsVersionAddition[] = [
	// 0015
	{ deviceType: smartphone, platform: 'iOS', versions: [ '26' ] },
	{ deviceType: smartphone, platform: 'Android', versions: [ '16' ] },
	{
		deviceType: smartphone,
		platform: 'HarmonyOS',
		versions: [ '5.1', '5.0' ],
	},
	{ deviceType: tablet, platform: 'iPadOS', versions: [ '26' ] },
	{ deviceType: tablet, platform: 'Android', versions: [ '16' ] },
	{ deviceType: tablet, platform: 'HarmonyOS', versions: [ '5.1', '5.0' ] },
	{ deviceType: pc, platform: 'macOS', versions: [ '26 Tahoe' ] },
	{
		deviceType: pc,
		platform: 'Linux',
		versions: [ 'Debian 13', 'Fedora 42', 'Ubuntu 25.04' ],
	},
	{ deviceType: pc, platform: 'ChromeOS', versions: [ '138', '134' ] },
	{ deviceType: gameConsole, platform: 'Nintendo', versions: [ '20.0' ] },
	{ deviceType: gameConsole, platform: 'SteamOS', versions: [ '3.7' ] },
	{ deviceType: smartwatch, platform: 'watchOS', versions: [ '26' ] },
	{ deviceType: smartwatch, platform: 'Wear OS', versions: [ '6' ] },
	{ deviceType: smartTv, platform: 'Tizen', versions: [ '9.0' ] },
	{ deviceType: smartTv, platform: 'webOS', versions: [ '25' ] },
	{ deviceType: smartTv, platform: 'tvOS', versions: [ '26' ] },
	{ deviceType: smartTv, platform: 'Roku OS', versions: [ '15' ] },
	{ deviceType: smartTv, platform: 'VIDAA', versions: [ 'U8', 'U7', 'U6' ] },
];

/**
 * The platforms each manufacturer ships on its devices of a type (the device form offers only these: an iPhone
 * runs iOS, never Android). A tester's PC is recorded by PC type, without a manufacturer, so any PC platform
 * goes with it; the PC manufacturers' entries serve the lookups filtered by manufacturer.
 */
export const MANUFACTURER_PLATFORMS: Readonly<
	Record< DeviceType, Readonly< Record< string, readonly string[] > > >
> = {
	[ smartphone ]: {
		Apple: [ 'iOS' ],
		Fairphone: [ 'Android' ],
		Google: [ 'Android' ],
		Honor: [ 'Android' ],
		Huawei: [ 'HarmonyOS', 'Android' ],
		Motorola: [ 'Android' ],
		Nothing: [ 'Android' ],
		OnePlus: [ 'Android' ],
		OPPO: [ 'Android' ],
		realme: [ 'Android' ],
		Samsung: [ 'Android' ],
		Sony: [ 'Android' ],
		vivo: [ 'Android' ],
		Xiaomi: [ 'Android' ],
	},
	[ tablet ]: {
		Amazon: [ 'Fire OS' ],
		Apple: [ 'iPadOS' ],
		Google: [ 'Android' ],
		Huawei: [ 'HarmonyOS' ],
		Lenovo: [ 'Android' ],
		Microsoft: [ 'Windows' ],
		OnePlus: [ 'Android' ],
		Samsung: [ 'Android' ],
		Xiaomi: [ 'Android' ],
	},
	[ pc ]: {
		Acer: [ 'Windows', 'ChromeOS', 'Linux' ],
		Apple: [ 'macOS' ],
		ASUS: [ 'Windows', 'ChromeOS', 'Linux' ],
		Dell: [ 'Windows', 'Linux' ],
		Framework: [ 'Windows', 'Linux', 'ChromeOS' ],
		HP: [ 'Windows', 'ChromeOS', 'Linux' ],
		Lenovo: [ 'Windows', 'ChromeOS', 'Linux' ],
		Microsoft: [ 'Windows' ],
		MSI: [ 'Windows' ],
		Razer: [ 'Windows' ],
		Samsung: [ 'Windows' ],
	},
	[ gameConsole ]: {
		Microsoft: [ 'Xbox' ],
		Nintendo: [ 'Nintendo' ],
		Sony: [ 'PlayStation' ],
		Valve: [ 'SteamOS' ],
	},
	[ smartwatch ]: {
		Apple: [ 'watchOS' ],
		Google: [ 'Wear OS' ],
		Mobvoi: [ 'Wear OS' ],
		OnePlus: [ 'Wear OS' ],
		Samsung: [ 'Wear OS' ],
		Xiaomi: [ 'Wear OS' ],
	},
	[ smartTv ]: {
		Amazon: [ 'Fire OS' ],
		Apple: [ 'tvOS' ],
		Google: [ 'Android TV' ],
		Hisense: [ 'VIDAA', 'Android TV' ],
		LG: [ 'webOS' ],
		NVIDIA: [ 'Android TV' ],
		Panasonic: [ 'Fire OS' ],
		Philips: [ 'Android TV' ],
		Roku: [ 'Roku OS' ],
		Samsung: [ 'Tizen' ],
		Sony: [ 'Android TV' ],
		TCL: [ 'Android TV', 'Roku OS' ],
		Xiaomi: [ 'Android TV' ],
	},
};
