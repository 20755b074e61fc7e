/** The types of server-build.mjs (plain JavaScript, which Node runs as it is), for the TypeScript that imports it. */
export declare const root: string;
export declare const outDir: string;
export declare const bundle: string;
/** Why the bundle must be (re)built, or null when it is newer than everything it was built from. */
export declare function staleness(): string | null;
export declare function buildServer(): Promise<void>;
