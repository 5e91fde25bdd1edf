// The web platform's globals that every runtime contract/ runs on has (browsers, Node ≥ 20, Deno,
// workers), declared only as far as contract/ uses them. contract/ compiles with neither the DOM's
// types nor Node's (contract/tsconfig.json): a module that reaches for `document`, `Buffer` or
// `process` does not compile. Widen a declaration here only for an API all those runtimes share.

declare class TextEncoder {
  encode(input?: string): Uint8Array<ArrayBuffer>;
}

declare class TextDecoder {
  constructor(label?: string, options?: { fatal?: boolean });
  decode(input?: Uint8Array): string;
}

declare class URL {
  constructor(url: string, base?: string | URL);
  readonly protocol: string;
  readonly hostname: string;
}

declare function btoa(data: string): string;
declare function atob(data: string): string;

type KeyUsage = 'decrypt' | 'encrypt' | 'sign' | 'verify';

interface CryptoKey {
  readonly type: string;
}

type CryptoAlgorithm = string | { name: string; [parameter: string]: unknown };

interface SubtleCrypto {
  importKey(format: 'raw', keyData: Uint8Array<ArrayBuffer>, algorithm: CryptoAlgorithm, extractable: boolean, keyUsages: KeyUsage[]): Promise<CryptoKey>;
  digest(algorithm: CryptoAlgorithm, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  sign(algorithm: CryptoAlgorithm, key: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  encrypt(algorithm: CryptoAlgorithm, key: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
  decrypt(algorithm: CryptoAlgorithm, key: CryptoKey, data: Uint8Array<ArrayBuffer>): Promise<ArrayBuffer>;
}

declare var crypto: {
  readonly subtle: SubtleCrypto;
  getRandomValues<T extends Uint8Array>(array: T): T;
};
