export declare const chromiumPath: string;
export declare const journeyBrowserPath: string;
export declare const chromiumFlags: string[];
