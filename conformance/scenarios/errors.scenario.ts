// Run by the conformance CLI (conformance/jest/run-jest.ts), not by `npm run test:unit`.
import { errors } from '../areas/errors';
import { defineArea } from '../jest/define-area';

defineArea(errors);
