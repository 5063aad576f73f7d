import { expect, test } from 'vitest';
test('the suite runner starts', () => { expect(1 + 1).toBe(2); });
