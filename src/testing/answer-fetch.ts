/** Answers every fetch with these JSON bodies in turn; the requests are kept to be looked at. */
export function answerFetch(...answers: { status: number; body?: unknown }[]) {
  const requests: { url: string; method: string; body: unknown }[] = [];
  const fetchMock = async (input: RequestInfo | URL, init?: RequestInit) => {
    requests.push({
      url: String(input),
      method: init?.method ?? 'GET',
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
    });
    const answer = answers.shift() ?? { status: 500, body: { message: 'no answer left', http_code: 500 } };
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  };
  return { fetchMock, requests };
}
