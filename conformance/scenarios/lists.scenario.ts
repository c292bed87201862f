// Run by the conformance CLI (conformance/jest/run-jest.ts), not by `npm run test:unit`.
import { lists } from '../areas/lists';
import { defineArea } from '../jest/define-area';

defineArea(lists);
