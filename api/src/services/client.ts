/** Who is calling, as far as throttling and session records need to know. The edge (REST or tRPC) fills it in. */
export interface Client {
  ip: string;
  userAgent: string | null;
}
