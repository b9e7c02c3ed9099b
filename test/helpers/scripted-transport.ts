// Moved to the package's test kit (soliplex-chat/testing); the tests import it from here.
export * from '../../src/testing/scripted-transport.js';
