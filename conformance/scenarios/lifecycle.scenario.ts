// Run by the conformance CLI (conformance/jest/run-jest.ts), not by `npm run test:unit`.
import { lifecycle } from '../areas/lifecycle';
import { defineArea } from '../jest/define-area';

defineArea(lifecycle);
