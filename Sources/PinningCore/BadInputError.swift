/// An error about what the user gave (an argument, a file, a manifest), already said in words by its
/// `description`: each front end reports it as bad input (the CLI with exit status 2) rather than as a failure of
/// PinBench. A library's error type declares it where the type is declared, so no front end keeps a list.
public protocol BadInputError: Error, CustomStringConvertible {}
