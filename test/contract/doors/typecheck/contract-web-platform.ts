// planted as contract/, and compiles: the globals every runtime has stay usable in contract/.
export const encoded = (text: string): string => btoa(String.fromCharCode(...new TextEncoder().encode(text))) + new URL('https://example.com').hostname;
