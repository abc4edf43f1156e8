// A module with no export, for the --decoder tests.
export {};
