// Run by the conformance CLI (conformance/jest/run-jest.ts), not by `npm run test:unit`.
import { responses } from '../areas/responses';
import { defineArea } from '../jest/define-area';

defineArea(responses);
