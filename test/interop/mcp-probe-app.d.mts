export declare const PROBE_APP_URI: string;
export declare const probeAppHtml: string;
