// A module that fails while it is imported, for the --decoder tests.
throw new Error('cannot load the decoder');
