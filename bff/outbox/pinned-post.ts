// One POST to an address already vetted (outbound-guard.ts). node:http(s) rather than fetch because
// it takes a `lookup`: the socket goes to that address whatever DNS answers meanwhile, while the
// Host header, TLS SNI and certificate check still use the URL's name.
import { request as httpRequest, type RequestOptions } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';

export interface PinnedPost {
  url: URL;
  address: string;
  headers: Record<string, string>;
  body: string;
  signal: AbortSignal;
}

function pinnedLookup(address: string): LookupFunction {
  const family = isIP(address);
  return (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, answers: { address: string; family: number }[]) => void)(null, [{ address, family }]);
    else callback(null, address, family);
  };
}

/** Resolves with the answer's status; redirects are not followed and the answer's body is not read. */
export function postPinned(post: PinnedPost): Promise<number> {
  const options: RequestOptions = {
    method: 'POST',
    headers: { ...post.headers, 'Content-Length': String(Buffer.byteLength(post.body)) },
    lookup: pinnedLookup(post.address),
    signal: post.signal,
  };
  const send = post.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const request = send(post.url, options, (response) => {
      // Only the status counts: a receiver streaming a large body costs us nothing.
      response.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(post.body);
  });
}
