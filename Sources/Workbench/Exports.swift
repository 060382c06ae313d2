// The theme types (roles, attributes, colours, the theme file parser) live in their own target, so the theme fuzzer
// builds without the whole workbench; every client of the workbench sees them as before.
@_exported import WorkbenchThemes
