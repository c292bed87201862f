// Like Promise.all, but every task ends before the first failure is thrown: no request of a
// phase outlives the phase (and the target it was sent to).
export async function settle<T extends readonly unknown[] | []>(tasks: T): Promise<{ -readonly [K in keyof T]: Awaited<T[K]> }> {
  const results = await Promise.allSettled(tasks);
  const failed = results.find((result) => result.status === 'rejected') as PromiseRejectedResult | undefined;
  if (failed) throw failed.reason;
  return results.map((result) => (result as PromiseFulfilledResult<unknown>).value) as { -readonly [K in keyof T]: Awaited<T[K]> };
}
