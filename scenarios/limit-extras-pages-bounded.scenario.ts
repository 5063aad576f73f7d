// LIMIT-1 beyond tools: discovery reads at most 16 pages of every list. docs splits its
// resources, resource templates and prompts over 17 pages each (one past the bound); a host
// may list them or not, but it requests no list past its 16th page.
import { defineScenario } from '../harness/scenario/scenario-schema.js';
import { listsReadWithinPages } from '../harness/scenario/checks-exposure-limits.js';

const MAX_PAGES = 16;

export default defineScenario({
  title: 'Resources, templates and prompts split over 17 pages: no list is read past page 16',
  servers: {
    docs: {
      transport: 'http',
      behaviour: {
        tools: [{ name: 'search' }],
        resources: [{ uri: 'notes://one', name: 'one', text: 'one' }],
        resourceTemplates: [{ uriTemplate: 'notes://{id}', name: 'note' }],
        prompts: [{ name: 'greet', messages: [{ role: 'user', text: 'Hello.' }] }],
        extrasList: { pages: MAX_PAGES + 1 },
      },
    },
  },
  model: [{ message: 'Hello.' }],
  user: [{ send: 'Hi' }, { end: 'eof' }],
  checks: [
    {
      id: 'extra-lists-within-16-pages',
      guarantees: ['LIMIT-1'],
      expected: `docs receives at most ${MAX_PAGES} requests each of resources/list, resources/templates/list and prompts/list`,
      provenBy: ['limit-extras-unbounded'],
      grade: listsReadWithinPages('docs', ['resources/list', 'resources/templates/list', 'prompts/list'], MAX_PAGES),
    },
  ],
});
