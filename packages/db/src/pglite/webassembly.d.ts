// The two parts of the WebAssembly global that client.ts uses. TypeScript declares it only in
// its DOM library, and @types/node 20 not at all; this package compiles for Node without DOM.
declare namespace WebAssembly {
  interface Module {
    readonly __brand?: 'WebAssembly.Module';
  }
  function compile(bytes: Uint8Array): Promise<Module>;
}
