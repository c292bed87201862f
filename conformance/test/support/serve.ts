// A fetch function served on a free loopback port, so the CLI can be pointed at a deployment
// that runs in the test's process (the sandbox, or a faulty one from strength/).
export { serve } from '../../../strength/serve';
