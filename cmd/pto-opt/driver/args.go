package driver

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/docgen"
	"github.com/pto-opt/pto-opt/internal/suggest"
	"github.com/pto-opt/pto-opt/planner/report"
	"github.com/pto-opt/pto-opt/transforms/pass"
)

// boolFlags are driver switches; a value (=false) may follow.
var boolFlags = map[string]*func(*config, bool){}

func init() {
	set := func(f func(*config, bool)) *func(*config, bool) { return &f }
	boolFlags["allow-unregistered-dialect"] = set(func(c *config, v bool) { c.allowUnregistered = v })
	boolFlags["mlir-print-op-generic"] = set(func(c *config, v bool) { c.generic = v })
	boolFlags["mlir-print-debuginfo"] = set(func(c *config, v bool) { c.debugInfo = v })
	boolFlags["mlir-print-ir-after-all"] = set(func(c *config, v bool) { c.printAfter = v })
	boolFlags["mlir-print-ir-before-all"] = set(func(c *config, v bool) { c.printBf = v })
	boolFlags["mlir-timing"] = set(func(c *config, v bool) { c.timing = v })
	boolFlags["mlir-pass-statistics"] = set(func(c *config, v bool) { c.statistics = v })
	boolFlags["dump-pass-pipeline"] = set(func(c *config, v bool) { c.dumpPipeline = v })
	boolFlags["verify-each"] = set(func(c *config, v bool) { c.verifyEach = v })
	boolFlags["mlir-disable-threading"] = set(func(c *config, v bool) { c.noThreads = v })
	boolFlags["verify-plan"] = set(func(c *config, v bool) { c.verifyPlan = v })
	boolFlags["mlir-print-alloc-alignment-property"] = set(func(c *config, v bool) { c.allocAlignProperty = v })
}

// parseArgs reads the command line. It returns nil and an exit status
// when the driver should stop (help, version, or a usage error).
func parseArgs(args []string, stdout, stderr io.Writer) (*config, int) {
	cfg := &config{input: "-", output: "-", verifyEach: true, splitMarker: defaultSplitMarker, outputSplitMarker: defaultSplitMarker}
	pipeline := pass.NewModulePipeline()
	usedFlags := false
	fail := func(format string, a ...any) (*config, int) {
		fmt.Fprintf(stderr, "pto-opt: "+format+"\n", a...)
		return nil, 1
	}
	positional := []string{}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "-" || !strings.HasPrefix(a, "-") {
			positional = append(positional, a)
			continue
		}
		if a == "--" {
			positional = append(positional, args[i+1:]...)
			break
		}
		// -name or --name, as LLVM's command line takes them (---name
		// is no flag).
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		if strings.HasPrefix(name, "-") || name == "" {
			return fail("Unknown command line argument '%s'.  Try: 'pto-opt --help'", a)
		}
		value, hasValue := "", false
		if eq := strings.IndexByte(name, '='); eq >= 0 {
			name, value, hasValue = name[:eq], name[eq+1:], true
		}
		// Options that take a value, as -o FILE or -o=FILE.
		takeValue := func() (string, bool) {
			if hasValue {
				return value, true
			}
			if i+1 < len(args) {
				i++
				return args[i], true
			}
			return "", false
		}
		switch name {
		case "help", "h", "help-hidden":
			usage(stdout)
			return nil, 0
		case "version":
			fmt.Fprintln(stdout, Version)
			return nil, 0
		case "show-dialects":
			// mlir-opt's form, one line.
			fmt.Fprintf(stdout, "Available Dialects: %s\n", strings.Join(docgen.DialectNames(), ", "))
			return nil, 0
		case "show-ops":
			// Every registered op (of one dialect with =NAME), with its
			// summary; docs/dialects.md is the long form.
			if hasValue && !slices.Contains(docgen.DialectNames(), value) {
				return fail("--show-ops: unknown dialect '%s' (known: %s)", value, strings.Join(docgen.DialectNames(), ", "))
			}
			for _, op := range docgen.Ops(value) {
				fmt.Fprintf(stdout, "%-28s %s\n", op.Name, op.Summary)
			}
			return nil, 0
		case "summary":
			if hasValue {
				b, ok := pass.ParseBool(value)
				if !ok {
					return fail("for the --summary option: '%s' is invalid value for boolean argument! Try 0 or 1", value)
				}
				cfg.summary = b
			} else {
				cfg.summary = true
			}
			continue
		case "o":
			v, ok := takeValue()
			if !ok {
				return fail("option '-o' requires a file name")
			}
			if cfg.outputSet {
				return fail("for the -o option: may only occur zero or one times!")
			}
			cfg.output, cfg.outputSet = v, true
			continue
		case "split-input-file":
			// As in mlir-opt, an optional =MARKER replaces "// -----"
			// (the value is never taken from the next argument).
			cfg.split = true
			if hasValue {
				cfg.splitMarker = value
			}
			continue
		case "output-split-marker":
			v, ok := takeValue()
			if !ok {
				return fail("option '--output-split-marker' requires a value")
			}
			cfg.outputSplitMarker = v
			continue
		case "verify-diagnostics":
			switch value {
			case "", "all", "true", "1":
				cfg.verifyDiags = verifyAll
			case "only-expected":
				cfg.verifyDiags = verifyOnlyExpected
			case "false", "0":
				cfg.verifyDiags = verifyOff
			default:
				return fail("for the --verify-diagnostics option: Cannot find option named '%s'! (expected all or only-expected)", value)
			}
			if value == "" && hasValue {
				cfg.verifyDiags = verifyAll
			}
			continue
		case "target":
			v, ok := takeValue()
			if !ok {
				return fail("option '--target' requires a value")
			}
			if cfg.targetSet {
				return fail("for the --target option: may only occur zero or one times!")
			}
			cfg.target, cfg.targetSet = v, true
			continue
		case "memory-report":
			v, ok := takeValue()
			if !ok || v == "" {
				return fail("option '--memory-report' requires a file name (.json, .txt, .svg or .html)")
			}
			if err := report.CheckPath(v); err != nil {
				return fail("--memory-report: %v", err)
			}
			if cfg.memoryReport != "" {
				return fail("for the --memory-report option: may only occur zero or one times!")
			}
			cfg.memoryReport = v
			continue
		case "dump-planning-problem":
			v, ok := takeValue()
			if !ok || v == "" {
				return fail("option '--dump-planning-problem' requires a directory")
			}
			if cfg.dumpProblems != "" {
				return fail("for the --dump-planning-problem option: may only occur zero or one times!")
			}
			cfg.dumpProblems = v
			continue
		case "verify-plan-work":
			v, ok := takeValue()
			n, err := strconv.ParseInt(v, 10, 64)
			if !ok || err != nil || n <= 0 || strings.HasPrefix(v, "+") {
				return fail("option '--verify-plan-work' requires a positive number, got '%s'", v)
			}
			cfg.verifyPlanWork = n
			continue
		case "pass-pipeline":
			v, ok := takeValue()
			if !ok {
				return fail("option '--pass-pipeline' requires a value")
			}
			if cfg.pipelineText != "" {
				return fail("for the --pass-pipeline option: may only occur zero or one times!")
			}
			p, err := pass.ParsePipeline(v)
			if err != nil {
				return fail("%v", err)
			}
			cfg.pipelineText = v
			pipeline = p
			continue
		}
		if set, ok := boolFlags[name]; ok {
			b := true
			if hasValue {
				var ok bool
				if b, ok = pass.ParseBool(value); !ok {
					return fail("for the --%s option: '%s' is invalid value for boolean argument! Try 0 or 1", name, value)
				}
			}
			(*set)(cfg, b)
			continue
		}
		if p := pass.Lookup(name); p != nil {
			raw := map[string]string{}
			if hasValue {
				var err error
				if raw, err = pass.ParseOptionString(value); err != nil {
					return fail("options of '--%s': %v", name, err)
				}
			}
			in, err := pass.NewInstance(p, raw)
			if err != nil {
				return fail("%v", err)
			}
			if err := pipeline.Add(in); err != nil {
				return fail("%v", err)
			}
			usedFlags = true
			continue
		}
		msg := fmt.Sprintf("Unknown command line argument '%s'.  Try: 'pto-opt --help'", a)
		if s := nearestPass(name); s != "" {
			msg += fmt.Sprintf("\npto-opt: Did you mean '--%s'?", s)
		}
		return fail("%s", msg)
	}
	if usedFlags && cfg.pipelineText != "" {
		return fail("'--pass-pipeline' option can't be used with individual pass options")
	}
	switch len(positional) {
	case 0:
	case 1:
		cfg.input = positional[0]
	default:
		return fail("too many positional arguments: %s (one input file expected)", strings.Join(positional, " "))
	}
	cfg.pipeline = pipeline
	return cfg, 0
}

// nearestPass finds the closest known flag or pass name.
func nearestPass(name string) string {
	cands := []string{"o", "target", "pass-pipeline", "help", "version", "split-input-file", "output-split-marker", "verify-diagnostics", "show-dialects", "show-ops", "summary", "memory-report", "dump-planning-problem"}
	for k := range boolFlags {
		cands = append(cands, k)
	}
	for _, p := range pass.Passes() {
		cands = append(cands, p.Name)
	}
	return suggest.Nearest(name, cands, 4)
}
