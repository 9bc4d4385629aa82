import { lowerPasswordHashCostForTests } from '../../server/auth/password.ts';

// Passwords hashed inside the in-process server tests use argon2id's minimum cost (server/auth/password.ts
// says why); the database image's accounts keep the production cost, and the bundled-server tests
// (server/build-server.test.ts, test/bench) run the production code path in a process of their own.
lowerPasswordHashCostForTests();
