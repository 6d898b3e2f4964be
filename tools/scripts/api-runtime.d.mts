export declare const API_NODE_OPTIONS: string;
export declare const apiNodeOptions: (given?: string) => string;
