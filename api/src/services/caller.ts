import type { PlanId, PublicUser } from '@coinsight/contracts';
import type { Client } from './client.js';

/** Everything a service may be told about who is asking. The edge fills in what it knows. */
export interface CallerFacts {
  /** The signed-in account: a session's user (REST, tRPC) or an API key's owner (/v1). */
  userId: string;
  /** The signed-in user's public record, as the session found it (REST and tRPC when signed in). */
  user: PublicUser;
  /** The session the call came with (REST and tRPC when signed in). */
  sessionId: string;
  /** Address and user agent, for throttling and session records. */
  client: Client;
  /** The account's plan when the edge knows it (/v1: the key's owner's plan as the call arrived). */
  plan: PlanId;
}

/**
 * Who is asking: a service's third argument (docs/architecture.md, "The service shape"). The
 * facts a service cannot do without are named, so the type requires them at the call site:
 * `Caller<'userId'>` is a signed-in caller, `Caller<'client'>` one whose address is known; any
 * other fact may be there too (an edge passes the one caller it has).
 */
export type Caller<Known extends keyof CallerFacts = never> = Partial<CallerFacts> & Pick<CallerFacts, Known>;

/** A signed-in caller. */
export type SignedIn = Caller<'userId'>;

/** The input of a service that takes none: call sites pass `{}`, so every service reads `(deps, input, caller)`. */
export type NoInput = Record<string, never>;
