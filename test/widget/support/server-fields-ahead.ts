// Fields the BFF will send once the server side of the Costa Rica work lands (the decline rescue's
// `alternatives`, SINPE Móvil's `discount`): until this BFF states them, a test adds them to the
// real BFF's answers, which are otherwise left as they came. Remove when the server sends them.
export function addToAnswers(isAnswer: (url: string, init?: RequestInit) => boolean, change: (answer: Record<string, unknown>) => Record<string, unknown>): () => void {
  const realFetch = window.fetch;
  window.fetch = async (input, init) => {
    const response = await realFetch(input, init);
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!isAnswer(url, init) || !response.ok) return response;
    const answer = (await response.json()) as Record<string, unknown>;
    return new Response(JSON.stringify(change(answer)), { status: response.status, headers: response.headers });
  };
  return () => (window.fetch = realFetch);
}
