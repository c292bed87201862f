// Run by the conformance CLI (conformance/jest/run-jest.ts), not by `npm run test:unit`.
import { filters } from '../areas/filters';
import { defineArea } from '../jest/define-area';

defineArea(filters);
