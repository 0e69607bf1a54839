// Stylesheets are imported for their side effect: webpack extracts them into the importing chunk's CSS.
declare module '*.scss';
