// Package filecheck is a Go implementation of LLVM's FileCheck (version 22):
// it verifies that an input text matches the CHECK directives of a check
// file, with FileCheck's matching rules, exit statuses and diagnostics.
//
// Supported: CHECK, -NEXT, -SAME, -NOT, -DAG, -LABEL, -EMPTY, -COUNT-n and the
// {LITERAL} modifier; COM:/RUN: comments; {{regex}} in FileCheck's POSIX
// dialect (byte-wise, leftmost-longest, back-references); [[VAR:regex]] and
// [[VAR]], $global variables, -D definitions, --enable-var-scope; numeric
// blocks [[#...]] with formats (%u %d %x %X, precision, alternate form),
// +/- and add/sub/mul/div/min/max, @LINE and [[@LINE+n]]; the options
// --check-prefix(es), --comment-prefixes, --implicit-check-not,
// --match-full-lines, --strict-whitespace, --ignore-case, --allow-empty,
// --allow-unused-prefixes, --allow-deprecated-dag-overlap, --input-file.
//
// -v and -vv remarks are printed as FileCheck prints them with
// --dump-input=never.  Not reproduced: the annotated input dump itself
// (--dump-input and its companions are accepted; no dump is printed).
package filecheck

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"regexp"
	"slices"
	"strings"
)

// Options are FileCheck's command-line settings.
type Options struct {
	CheckPrefixes    []string // default ["CHECK"]
	ImplicitCheckNot []string
	MatchFullLines   bool
	StrictWhitespace bool
	AllowEmpty       bool
	// Defines are string variables as if given by -DVAR=VALUE; a key
	// starting with '#' defines a numeric variable (-D#VAR=EXPR).  They are
	// applied after DefineList, in key order.
	Defines       map[string]string
	CheckFileName string // names the check file in messages
	InputName     string // names the input in messages; default "<stdin>"

	// DefineList holds raw -D arguments ("VAR=VALUE", "#VAR=EXPR") in
	// command-line order, which is the order FileCheck applies and numbers
	// them in.
	DefineList                []string
	CommentPrefixes           []string // default ["COM", "RUN"]
	IgnoreCase                bool
	EnableVarScope            bool
	AllowUnusedPrefixes       bool
	AllowDeprecatedDagOverlap bool
	InputFile                 string // --input-file; "" or "-" is stdin (used by Main)
	DumpInput                 string // --dump-input value; accepted, no dump is produced
	// Verbose is 1 for -v and 2 for -vv: remarks for successful matches,
	// printed (as FileCheck does) only when DumpInput is "never".
	Verbose int
	Help    bool // --help or --version was given (Main prints usage)
}

// Error is a failed check: Message is what FileCheck prints on stderr and
// Status its exit status (1: the input does not match, or a few fatal
// check-file errors; 2: invalid options, check file or empty input).
type Error struct {
	Message string
	Status  int

	emptyInput bool // the input was empty: FileCheck also echoes its command line
}

func (e *Error) Error() string { return e.Message }

func (o *Options) request() request {
	r := request{
		checkPrefixes:       append([]string(nil), o.CheckPrefixes...),
		commentPrefixes:     append([]string(nil), o.CommentPrefixes...),
		implicitCheckNot:    o.ImplicitCheckNot,
		defines:             append([]string(nil), o.DefineList...),
		allowUnusedPrefixes: o.AllowUnusedPrefixes,
		matchFullLines:      o.MatchFullLines,
		strictWhitespace:    o.StrictWhitespace,
		ignoreCase:          o.IgnoreCase,
		enableVarScope:      o.EnableVarScope,
		allowDagOverlap:     o.AllowDeprecatedDagOverlap,
		verbose:             o.Verbose > 0 && o.DumpInput == "never",
		verboseVerbose:      o.Verbose > 1 && o.DumpInput == "never",
	}
	keys := make([]string, 0, len(o.Defines))
	for k := range o.Defines {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		r.defines = append(r.defines, k+"="+o.Defines[k])
	}
	return r
}

var prefixValidator = regexp.MustCompile(`^[a-zA-Z0-9_-]*$`)

// validate performs the checks FileCheck's main does before reading any
// file: -D syntax, then check and comment prefixes.
func validate(o *Options) *Error {
	var msg strings.Builder
	r := o.request()
	for _, d := range r.defines {
		eq := strings.IndexByte(d, '=')
		if eq < 0 {
			fmt.Fprintf(&msg, "Missing equal sign in command-line definition '-D%s'\n", d)
		} else if eq == 0 {
			fmt.Fprintf(&msg, "Missing variable name in command-line definition '-D%s'\n", d)
		}
	}
	if msg.Len() > 0 {
		return &Error{Message: msg.String(), Status: 2}
	}
	unique := map[string]bool{}
	if len(r.checkPrefixes) == 0 {
		unique["CHECK"] = true
	}
	if len(r.commentPrefixes) == 0 {
		unique["COM"], unique["RUN"] = true, true
	}
	for _, group := range []struct {
		kind     string
		prefixes []string
	}{{"check", r.checkPrefixes}, {"comment", r.commentPrefixes}} {
		for _, p := range group.prefixes {
			switch {
			case p == "":
				return &Error{Message: "error: supplied " + group.kind + " prefix must not be the empty string\n", Status: 2}
			case !prefixValidator.MatchString(p):
				return &Error{Message: "error: supplied " + group.kind + " prefix must start with a letter and contain only alphanumeric characters, hyphens, and underscores: '" + p + "'\n", Status: 2}
			case unique[p]:
				return &Error{Message: "error: supplied " + group.kind + " prefix must be unique among check and comment prefixes: '" + p + "'\n", Status: 2}
			}
			unique[p] = true
		}
	}
	return nil
}

// Check verifies input against the directives in checkText.  It returns nil
// when FileCheck would exit 0, and otherwise an *Error carrying FileCheck's
// diagnostics and exit status.
//
// A few diagnostics do not fail the check (an invalid --implicit-check-not
// pattern is reported and ignored); Main prints them.
func Check(checkText, input []byte, opts Options) error {
	if err := run(checkText, opts, func() ([]byte, *Error) { return input, nil }); err.Status != 0 {
		return err
	}
	return nil
}

// run performs FileCheck's steps in its order: validate options, read the
// check file, obtain the input (readInput may fail with its own message),
// then match.  The result always carries the diagnostics; Status 0 means
// success.
func run(checkText []byte, opts Options, readInput func() ([]byte, *Error)) *Error {
	if err := validate(&opts); err != nil {
		return err
	}
	fc := &checker{req: opts.request(), ctx: newPatternContext()}
	name := opts.CheckFileName
	if name == "" {
		name = "<check-file>"
	}
	cb := &srcBuf{name: name, text: canonicalize(checkText, opts.StrictWhitespace)}
	if !fc.readCheckFile(cb) {
		return &Error{Message: fc.out.String(), Status: fc.exit}
	}
	input, rerr := readInput()
	if rerr != nil {
		rerr.Message = fc.out.String() + rerr.Message
		return rerr
	}
	inName := opts.InputName
	if inName == "" {
		inName = "<stdin>"
	}
	if len(input) == 0 && !opts.AllowEmpty {
		return &Error{Message: fc.out.String() + "FileCheck error: '" + inName + "' is empty.\n", Status: 2, emptyInput: true}
	}
	fc.in = &srcBuf{name: inName, text: canonicalize(input, opts.StrictWhitespace)}
	if !fc.checkInput() {
		return &Error{Message: fc.out.String(), Status: 1}
	}
	return &Error{Message: fc.out.String()}
}

// errnoText renders an open error like strerror, which FileCheck prints.
func errnoText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	s := err.Error()
	if s != "" {
		s = strings.ToUpper(s[:1]) + s[1:]
	}
	return s
}

// Main runs FileCheck with args (not including the program name), reading
// the input from stdin unless --input-file is given, and returns its exit
// status.  Options are also taken from $FILECHECK_OPTS, as FileCheck does.
func Main(args []string, stdin io.Reader, stderr io.Writer) int {
	all := append(splitEnvOptions(os.Getenv("FILECHECK_OPTS")), args...)
	checkFile, opts, err := ParseArgs(all)
	if err != nil {
		fmt.Fprint(stderr, err.Error())
		return 1
	}
	if opts.Help || opts.DumpInput == "help" {
		fmt.Fprint(stderr, usage)
		return 0
	}
	if checkFile == "" {
		fmt.Fprint(stderr, "<check-file> not specified\n")
		return 2
	}
	if verr := validate(&opts); verr != nil {
		fmt.Fprint(stderr, verr.Message)
		return verr.Status
	}
	var checkText []byte
	if checkFile == "-" {
		checkText, err = io.ReadAll(stdin)
		opts.CheckFileName = "<stdin>"
	} else {
		checkText, err = os.ReadFile(checkFile)
	}
	if err != nil {
		fmt.Fprintf(stderr, "Could not open check file '%s': %s\n", checkFile, errnoText(err))
		return 2
	}
	readInput := func() ([]byte, *Error) {
		if opts.InputFile == "" || opts.InputFile == "-" {
			in, err := io.ReadAll(stdin)
			if err != nil {
				return nil, &Error{Message: "Could not open input file '<stdin>': " + errnoText(err) + "\n", Status: 2}
			}
			return in, nil
		}
		in, err := os.ReadFile(opts.InputFile)
		if err != nil {
			return nil, &Error{Message: "Could not open input file '" + opts.InputFile + "': " + errnoText(err) + "\n", Status: 2}
		}
		return in, nil
	}
	if opts.InputFile == "" || opts.InputFile == "-" {
		opts.InputName = "<stdin>"
	} else {
		opts.InputName = opts.InputFile
	}
	e := run(checkText, opts, readInput)
	fmt.Fprint(stderr, e.Message)
	if e.emptyInput {
		fmt.Fprintf(stderr, "FileCheck command line:  FileCheck %s\n", strings.Join(args, " "))
	}
	return e.Status
}

const usage = `USAGE: FileCheck [options] <check-file>

A Go implementation of LLVM FileCheck 22.  Reads the input from stdin (or
--input-file) and checks it against the directives in <check-file>.

Options: --check-prefix(es)=P[,P...]  --comment-prefixes=P[,P...]
  --implicit-check-not=PATTERN  --match-full-lines  --strict-whitespace
  --ignore-case  --allow-empty  --allow-unused-prefixes  --enable-var-scope
  --allow-deprecated-dag-overlap  -DVAR=VALUE  -D#VAR=EXPR  --input-file=F
Accepted and ignored: --dump-input*, --color, -v, -vv (no input dump is
printed; the diagnostics are).
`

// splitEnvOptions splits $FILECHECK_OPTS like a GNU command line: blanks
// separate words, quotes and backslashes quote.
func splitEnvOptions(s string) []string {
	var out []string
	var cur strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n':
			if inWord {
				out = append(out, cur.String())
				cur.Reset()
				inWord = false
			}
		case c == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			inWord = true
		case c == '\'' || c == '"':
			inWord = true
			for i++; i < len(s) && s[i] != c; i++ {
				if c == '"' && s[i] == '\\' && i+1 < len(s) {
					i++
				}
				cur.WriteByte(s[i])
			}
		default:
			cur.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		out = append(out, cur.String())
	}
	return out
}
