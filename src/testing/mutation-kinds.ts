import { mutationKinds as allKinds } from '../domain/mutation-kinds';
import { mutationKinds, provideMutationKinds } from '../outbox/registry';

/**
 * Provides the kinds the app provides at start (src/main.tsx, sw/sw.ts), already loaded, as a signed-in page
 * has them once its first replay ran: code that replays, pulls, rebases or describes entries works. Called at
 * the top of the test files that go through the outbox; the others do without loading every kind. Answers
 * the registry, for the tests that look kinds up by name as the outbox does.
 */
export async function provideAppMutationKinds() {
  provideMutationKinds(async () => allKinds);
  return mutationKinds();
}
