/**
 * What `run` throws, typed as the test expects it. A call that returns instead fails the test with `accepted`, so
 * a refusal the code stopped making cannot pass as an undefined error.
 */
export function thrown<E = Error>(run: () => unknown, accepted = "nothing was thrown"): E {
  try {
    run();
  } catch (error) {
    return error as E;
  }
  throw new Error(accepted);
}

/** What `promise` rejects with, typed as the test expects it; a fulfilment fails the test with `accepted`. */
export async function rejection<E = Error>(promise: Promise<unknown>, accepted = "the promise was fulfilled"): Promise<E> {
  try {
    await promise;
  } catch (error) {
    return error as E;
  }
  throw new Error(accepted);
}
