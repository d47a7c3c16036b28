// @ts-check

/**
 * For a test that needs a program npm does not install (PostgreSQL, nginx, docker-compose): the reason
 * to print when skipping it here, or an error when REQUIRE_TOOLS=1 (CI), where nothing may be skipped.
 * @param {string} what
 * @returns {string}
 */
export function skipWithout(what) {
  if (process.env.REQUIRE_TOOLS === '1') {
    throw new Error(`${what} is not installed, and REQUIRE_TOOLS=1 says the tests that need it must run`);
  }
  return `${what} is not installed: skipping the tests that need it (CI installs it and sets REQUIRE_TOOLS=1)`;
}
