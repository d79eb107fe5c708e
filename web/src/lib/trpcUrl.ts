/** Where the API answers tRPC calls: the client's links and the public reads' plain fetches. */
export const TRPC_URL = '/trpc';
