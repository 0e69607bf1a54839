// The console matchers (`expect( console ).toHaveErrored()`) that @wordpress/jest-preset-default installs.
/// <reference types="@wordpress/jest-console" />
