#!/usr/bin/env node
/** `npm run reset`: wipes the data directory (WordPress, databases, secret, logs). */
import fs from 'node:fs';
import { dataDir } from './lib/paths.mjs';

const dir = dataDir();
fs.rmSync( dir, { recursive: true, force: true } );
console.log( `Removed ${ dir }` );
