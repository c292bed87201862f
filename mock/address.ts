// Where the mock listens unless told otherwise (loopback only), and how its address reads as a URL.
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 4010;

/** `http://host:port`, with an IPv6 host in brackets. */
export function baseUrl(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}
