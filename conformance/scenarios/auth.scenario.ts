// Run by the conformance CLI (conformance/jest/run-jest.ts), not by `npm run test:unit`.
import { auth } from '../areas/auth';
import { defineArea } from '../jest/define-area';

defineArea(auth);
