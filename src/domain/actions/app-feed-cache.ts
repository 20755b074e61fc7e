import { queryClient } from '../../state/query-client';
import { persistFeedFirstPages } from './feed-persistence';

// Started on import by the first module that reads a feed (the village nav, in the dashboard's code):
// the restore is synchronous, so it is done before any screen asks for a feed.
persistFeedFirstPages(queryClient);
