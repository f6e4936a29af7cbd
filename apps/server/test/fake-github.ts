import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

/** What the stand-in says about the user who "signs in on GitHub". */
export interface FakeGithubUser {
  id: number;
  login: string;
  name: string | null;
  /** Public profile e-mail (GitHub's `/user` `email`), often null. */
  email: string | null;
  emails: Array<{ email: string; primary: boolean; verified: boolean }>;
}

export interface FakeGithub {
  /** Base URL for GITHUB_OAUTH_BASE_URL and GITHUB_API_BASE_URL. */
  url: string;
  clientId: string;
  clientSecret: string;
  /** The user the next authorization signs in as. */
  setUser(user: FakeGithubUser): void;
  /** Every request received (method + path), to assert on. */
  requests: Array<{ method: string; path: string }>;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * A real HTTP stand-in for GitHub's OAuth app endpoints on 127.0.0.1:<random port>:
 * `GET /login/oauth/authorize` (redirects straight back with code + state, as if the user
 * approved), `POST /login/oauth/access_token` (checks client credentials, code, redirect_uri and
 * the PKCE verifier), `GET /user` and `GET /user/emails` (bearer access token).
 */
export async function startFakeGithub(initialUser?: FakeGithubUser): Promise<FakeGithub> {
  const clientId = 'fake-client-id';
  const clientSecret = 'fake-client-secret';
  let user: FakeGithubUser | undefined = initialUser;
  const codes = new Map<
    string,
    { user: FakeGithubUser; redirectUri: string; challenge: string | null }
  >();
  const tokens = new Map<string, FakeGithubUser>();
  const requests: FakeGithub['requests'] = [];

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ method: req.method ?? 'GET', path: url.pathname });
    try {
      if (req.method === 'GET' && url.pathname === '/login/oauth/authorize') {
        const redirectUri = url.searchParams.get('redirect_uri');
        const state = url.searchParams.get('state');
        if (url.searchParams.get('client_id') !== clientId || !redirectUri || !state || !user) {
          return json(res, 400, { error: 'bad authorize request' });
        }
        const code = randomBytes(12).toString('hex');
        codes.set(code, { user, redirectUri, challenge: url.searchParams.get('code_challenge') });
        const back = new URL(redirectUri);
        back.searchParams.set('code', code);
        back.searchParams.set('state', state);
        res.writeHead(302, { location: back.toString() });
        return res.end();
      }
      if (req.method === 'POST' && url.pathname === '/login/oauth/access_token') {
        const form = new URLSearchParams(await readBody(req));
        const basic = req.headers.authorization?.startsWith('Basic ')
          ? Buffer.from(req.headers.authorization.slice(6), 'base64').toString().split(':')
          : null;
        const id = form.get('client_id') ?? basic?.[0];
        const secret = form.get('client_secret') ?? basic?.[1];
        const grant = codes.get(form.get('code') ?? '');
        if (id !== clientId || secret !== clientSecret)
          return json(res, 200, { error: 'incorrect_client_credentials' });
        if (!grant || grant.redirectUri !== form.get('redirect_uri'))
          return json(res, 200, { error: 'bad_verification_code' });
        if (grant.challenge) {
          const verifier = form.get('code_verifier') ?? '';
          const { createHash } = await import('node:crypto');
          const expected = createHash('sha256').update(verifier).digest('base64url');
          if (expected !== grant.challenge)
            return json(res, 200, { error: 'bad_verification_code' });
        }
        codes.delete(form.get('code')!);
        const accessToken = `gho_${randomBytes(16).toString('hex')}`;
        tokens.set(accessToken, grant.user);
        return json(res, 200, {
          access_token: accessToken,
          token_type: 'bearer',
          scope: 'read:user,user:email',
        });
      }
      if (req.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
        const auth = req.headers.authorization ?? '';
        const who = tokens.get(auth.replace(/^(Bearer|token) /i, ''));
        if (!who) return json(res, 401, { message: 'Bad credentials' });
        if (url.pathname === '/user') {
          return json(res, 200, {
            id: who.id,
            login: who.login,
            name: who.name,
            email: who.email,
            avatar_url: `https://avatars.example/${who.id}`,
          });
        }
        return json(res, 200, who.emails);
      }
      json(res, 404, { message: 'Not Found' });
    } catch (err) {
      json(res, 500, { message: String(err) });
    }
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    setUser(u) {
      user = u;
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
