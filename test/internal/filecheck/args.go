package filecheck

import (
	"errors"
	"strconv"
	"strings"
)

// The options FileCheck 22 declares, by how llvm::cl parses their values.
var (
	boolOptions = map[string]bool{
		"strict-whitespace": true, "ignore-case": true, "allow-empty": true,
		"allow-unused-prefixes": true, "match-full-lines": true,
		"enable-var-scope": true, "allow-deprecated-dag-overlap": true,
		"v": true, "vv": true, "color": true,
	}
	valueOptions = map[string]bool{
		"input-file": true, "check-prefix": true, "check-prefixes": true,
		"comment-prefixes": true, "implicit-check-not": true,
		"dump-input": true, "dump-input-filter": true,
		"dump-input-context": true, "dump-input-label-width": true,
	}
	dumpInputRank = map[string]int{"never": 0, "fail": 1, "always": 2, "help": 3}
)

func optionName(name string) string {
	if len(name) > 1 {
		return "--" + name
	}
	return "-" + name
}

func parseBool(s string) (bool, bool) {
	switch s {
	case "true", "TRUE", "True", "1":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

// ParseArgs parses a FileCheck command line (without the program name) the
// way llvm::cl does for FileCheck's options.  A missing check file is not an
// error here (FileCheck reports it after parsing, with exit status 2); any
// returned error is a command-line error, for which FileCheck exits with 1.
func ParseArgs(args []string) (checkFile string, opts Options, err error) {
	var msgs []string
	fail := func(s string) { msgs = append(msgs, "FileCheck: "+s+"\n") }
	positional := 0
	addPositional := func(a string) {
		positional++
		if positional == 1 {
			checkFile = a
		}
	}
	dumpRank := -1
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			for _, p := range args[i+1:] {
				addPositional(p)
			}
			break
		}
		if len(a) < 2 || a[0] != '-' {
			addPositional(a)
			continue
		}
		body := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		name, value, hasValue := strings.Cut(body, "=")

		if !boolOptions[name] && !valueOptions[name] && name != "help" && name != "h" && name != "version" {
			// -D is an "always prefix" option: its value is glued to it.
			if strings.HasPrefix(body, "D") {
				if len(body) == 1 {
					fail("for the -D option: requires a value!")
					continue
				}
				opts.DefineList = append(opts.DefineList, body[1:])
				continue
			}
			fail("Unknown command line argument '" + a + "'.  Try: 'FileCheck --help'")
			continue
		}
		switch {
		case name == "help" || name == "h" || name == "version":
			opts.Help = true
			continue
		case boolOptions[name]:
			v := true
			if hasValue {
				var ok bool
				if v, ok = parseBool(value); !ok {
					fail("for the " + optionName(name) + " option: '" + value + "' is invalid value for boolean argument! Try 0 or 1")
					continue
				}
			}
			switch name {
			case "strict-whitespace":
				opts.StrictWhitespace = v
			case "ignore-case":
				opts.IgnoreCase = v
			case "allow-empty":
				opts.AllowEmpty = v
			case "allow-unused-prefixes":
				opts.AllowUnusedPrefixes = v
			case "match-full-lines":
				opts.MatchFullLines = v
			case "enable-var-scope":
				opts.EnableVarScope = v
			case "allow-deprecated-dag-overlap":
				opts.AllowDeprecatedDagOverlap = v
			case "v":
				if v {
					opts.Verbose = max(opts.Verbose, 1)
				}
			case "vv":
				if v {
					opts.Verbose = 2
				}
			}
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				fail("for the " + optionName(name) + " option: requires a value!")
				continue
			}
			i++
			value = args[i]
		}
		switch name {
		case "input-file":
			opts.InputFile = value
		case "check-prefix", "check-prefixes":
			opts.CheckPrefixes = append(opts.CheckPrefixes, strings.Split(value, ",")...)
		case "comment-prefixes":
			opts.CommentPrefixes = append(opts.CommentPrefixes, strings.Split(value, ",")...)
		case "implicit-check-not":
			opts.ImplicitCheckNot = append(opts.ImplicitCheckNot, value)
		case "dump-input":
			r, ok := dumpInputRank[value]
			if !ok {
				fail("for the " + optionName(name) + " option: Cannot find option named '" + value + "'!")
				continue
			}
			if r > dumpRank {
				dumpRank = r
				opts.DumpInput = value
			}
		case "dump-input-filter":
			switch value {
			case "all", "annotation-full", "annotation", "error":
			default:
				fail("for the " + optionName(name) + " option: Cannot find option named '" + value + "'!")
			}
		case "dump-input-context", "dump-input-label-width":
			if _, perr := strconv.ParseUint(value, 0, 32); perr != nil {
				fail("for the " + optionName(name) + " option: '" + value + "' value invalid for uint argument!")
			}
		}
	}
	if positional > 1 {
		msgs = append(msgs, "FileCheck: Too many positional arguments specified!\nCan specify at most 1 positional arguments: See: FileCheck --help\n")
	}
	opts.CheckFileName = checkFile
	if len(msgs) > 0 {
		return checkFile, opts, errors.New(strings.Join(msgs, ""))
	}
	return checkFile, opts, nil
}
