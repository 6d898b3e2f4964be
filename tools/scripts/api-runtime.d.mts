export declare const API_MAIN: string;
export declare const API_WORKER: string;
export declare const API_NODE_OPTIONS: string;
export declare const apiNodeOptions: (given?: string) => string;
