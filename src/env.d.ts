/** The app version baked in at build time (APP_VERSION, else package.json). */
declare const __APP_VERSION__: string;
