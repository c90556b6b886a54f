import { createEmbeddedSearch } from './embedded.ts';
import { describeSearchPort } from '../test/adapter-suite.ts';

describeSearchPort('embedded', async (stock) => ({ port: createEmbeddedSearch(stock) }));
