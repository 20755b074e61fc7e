import { mutationKinds as allKinds } from '../app/mutation-kinds';
import { mutationKinds, provideMutationKinds } from '../outbox/registry';

// Every test file gets the kinds the app provides at start (src/main.tsx, sw/sw.ts), already loaded, as a
// signed-in page has them once its first replay ran: code that replays, rebases or describes entries works.
provideMutationKinds(async () => allKinds);
await mutationKinds();
