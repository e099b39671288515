/** The parts of oidc-provider (which ships no types) that the test provider uses. */
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  type Ctx = {
    path: string;
    body: unknown;
    oidc: { provider: Provider; client?: { clientId: string }; session?: { accountId?: string } };
  };
  type Client = { clientId: string; grantTypeAllowed(type: string): boolean };
  class Grant {
    constructor(init: { clientId: string; accountId: string });
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }
  export default class Provider {
    constructor(
      issuer: string,
      configuration: {
        clients: object[];
        jwks: { keys: object[] };
        cookies: { keys: string[] };
        pkce: { required: () => boolean };
        claims: Record<string, string[]>;
        scopes: string[];
        findAccount: (
          ctx: Ctx,
          id: string,
        ) => Promise<{ accountId: string; claims: () => Promise<Record<string, unknown>> }>;
        loadExistingGrant: (ctx: Ctx) => Promise<Grant>;
        issueRefreshToken: (ctx: Ctx, client: Client) => Promise<boolean>;
        ttl: Record<string, number | ((ctx: Ctx, token: unknown, client: Client) => number)>;
        features: Record<string, { enabled: boolean }>;
      },
    );
    Grant: typeof Grant;
    use(middleware: (ctx: Ctx, next: () => Promise<void>) => Promise<void>): void;
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
  }
}
