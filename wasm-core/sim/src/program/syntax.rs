//! The program language's syntax: the tree and its parser, written with `winnow` (a parser
//! combinator library: no dependencies, small code in wasm, byte offsets for every error).
//!
//! ```text
//! program := stmt* result
//! stmt    := "flow" NAME "=" expr            per-flow state and its initial value
//!          | "table" NAME "=" "[" expr ("," expr)* "]"
//!          | "let" NAME "=" expr
//!          | NAME "=" expr                   update per-flow state
//! result  := ("rank" | "slack") expr
//! expr    := or;  or := and ("||" and)*;  and := cmp ("&&" cmp)*
//! cmp     := sum (("<=" | ">=" | "==" | "!=" | "<" | ">") sum)?
//! sum     := product (("+" | "-") product)*;  product := unary (("*" | "/" | "%") unary)*
//! unary   := ("-" | "!") unary | atom
//! atom    := NUMBER UNIT? | "true" | "false" | NAME "(" expr ("," expr)* ")" | NAME "[" expr "]"
//!          | NAME | "(" expr ")" | "if" expr "{" expr "}" ("else" "if" ... | "else" "{" expr "}")
//! ```
//!
//! `#` starts a comment to the end of the line. Newlines are spaces: a statement ends where
//! its expression cannot go on.

use winnow::ascii::{digit1, multispace1};
use winnow::combinator::{alt, cut_err, delimited, eof, opt, preceded, repeat, separated, terminated};
use winnow::error::{ContextError, ErrMode, StrContext, StrContextValue};
use winnow::prelude::*;
use winnow::stream::{LocatingSlice, Location, Stream};
use winnow::token::{one_of, take_till, take_while};

use super::vm::Op;

type In<'a> = LocatingSlice<&'a str>;

/// A literal with its unit as written.
#[derive(Clone, Debug, PartialEq)]
pub enum Lit {
    Num(i64),
    Time(i64),
    Size(i64),
    Rate(i64),
    Bool(bool),
}

/// An expression; `at` is the byte offset where it starts (an operator's: the operator's).
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    Lit(Lit, usize),
    Name(String, usize),
    Neg(Box<Expr>, usize),
    Not(Box<Expr>, usize),
    /// A binary operator as written (the checker picks the operation its units call for).
    Bin(Op, Box<Expr>, Box<Expr>, usize),
    Call(String, Vec<Expr>, usize),
    Index(String, Box<Expr>, usize),
    If(Box<Expr>, Box<Expr>, Box<Expr>, usize),
}

impl Expr {
    pub fn at(&self) -> usize {
        match self {
            Expr::Lit(_, a)
            | Expr::Name(_, a)
            | Expr::Neg(_, a)
            | Expr::Not(_, a)
            | Expr::Bin(.., a)
            | Expr::Call(_, _, a)
            | Expr::Index(_, _, a)
            | Expr::If(.., a) => *a,
        }
    }
}

#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    Flow(String, Expr, usize),
    Table(String, Vec<Expr>, usize),
    Let(String, Expr, usize),
    Set(String, Expr, usize),
}

/// A parsed program: its statements and its result (`rank e` or `slack e`).
#[derive(Clone, Debug, PartialEq)]
pub struct Ast {
    pub stmts: Vec<Stmt>,
    /// "rank" or "slack", where it is written, and the expression.
    pub result: (&'static str, usize, Expr),
}

/// Words a declaration cannot name.
const KEYWORDS: &[&str] = &["flow", "table", "let", "rank", "slack", "if", "else", "true", "false"];
/// Words that are not names in an expression (`flow`, `slack` are packet fields there).
const RESERVED: &[&str] = &["table", "let", "rank", "if", "else", "true", "false"];

/// Parses `src`; an error is the byte offset and what was expected there.
pub fn parse(src: &str) -> Result<Ast, (usize, String)> {
    let mut p = delimited(skip, (repeat(0.., stmt), result), (skip, eof).context(expected("the end of the program")))
        .map(|(stmts, result)| Ast { stmts, result });
    p.parse(LocatingSlice::new(src)).map_err(|e| {
        let ctx = e.inner();
        // The innermost expectation is the most precise.
        let msg = ctx.context().find_map(describe).map_or("unexpected text".to_string(), |w| format!("expected {w}"));
        (e.offset(), msg)
    })
}

fn describe(c: &StrContext) -> Option<String> {
    match c {
        StrContext::Expected(StrContextValue::Description(d)) => Some((*d).to_string()),
        StrContext::Label(l) => Some((*l).to_string()),
        _ => None,
    }
}

fn expected(what: &'static str) -> StrContext {
    StrContext::Expected(StrContextValue::Description(what))
}

/// Spaces, newlines and `#` comments.
fn skip(i: &mut In<'_>) -> ModalResult<()> {
    repeat(0.., alt((multispace1.void(), ('#', take_till(0.., '\n')).void()))).parse_next(i)
}

/// `p` then any spaces after it.
fn tok<'a, O, P: Parser<In<'a>, O, ErrMode<ContextError>>>(p: P) -> impl Parser<In<'a>, O, ErrMode<ContextError>> {
    terminated(p, skip)
}

fn pos(i: &mut In<'_>) -> ModalResult<usize> {
    Ok(i.current_token_start())
}

fn word<'a>(i: &mut In<'a>) -> ModalResult<&'a str> {
    (
        one_of(|c: char| c.is_ascii_alphabetic() || c == '_'),
        take_while(0.., |c: char| c.is_ascii_alphanumeric() || c == '_'),
    )
        .take()
        .parse_next(i)
}

/// A keyword (a whole word).
fn kw<'a>(k: &'static str) -> impl Parser<In<'a>, &'a str, ErrMode<ContextError>> {
    tok(word.verify(move |w: &str| w == k))
}

/// A name that is not a keyword.
fn name(i: &mut In<'_>) -> ModalResult<String> {
    tok(word.verify(|w: &str| !KEYWORDS.contains(&w))).map(str::to_string).context(expected("a name")).parse_next(i)
}

fn ident(i: &mut In<'_>) -> ModalResult<String> {
    tok(word.verify(|w: &str| !RESERVED.contains(&w))).map(str::to_string).parse_next(i)
}

fn sym<'a>(s: &'static str) -> impl Parser<In<'a>, &'a str, ErrMode<ContextError>> {
    tok(s).context(expected(s))
}

fn stmt(i: &mut In<'_>) -> ModalResult<Stmt> {
    let at = pos(i)?;
    alt((
        preceded(kw("flow"), cut_err((name, preceded(sym("="), expr)))).map(move |(n, e)| Stmt::Flow(n, e, at)),
        preceded(
            kw("table"),
            cut_err((name, preceded(sym("="), delimited(sym("["), separated(1.., expr, sym(",")), sym("]"))))),
        )
        .map(move |(n, es)| Stmt::Table(n, es, at)),
        preceded(kw("let"), cut_err((name, preceded(sym("="), expr)))).map(move |(n, e)| Stmt::Let(n, e, at)),
        (ident, preceded(tok(('=', winnow::combinator::not('='))), cut_err(expr)))
            .map(move |(n, e)| Stmt::Set(n, e, at)),
    ))
    .parse_next(i)
}

fn result(i: &mut In<'_>) -> ModalResult<(&'static str, usize, Expr)> {
    let at = pos(i)?;
    let which = alt((kw("rank").value("rank"), kw("slack").value("slack")))
        .context(expected("a statement, or the result: \"rank\" or \"slack\" and an expression"))
        .parse_next(i)?;
    let e = cut_err(expr).parse_next(i)?;
    Ok((which, at, e))
}

fn expr(i: &mut In<'_>) -> ModalResult<Expr> {
    binary(i, 0)
}

/// The operators of each precedence level, loosest first.
pub const LEVELS: &[&[(&str, Op)]] = &[
    &[("||", Op::Or)],
    &[("&&", Op::And)],
    &[("<=", Op::Le), (">=", Op::Ge), ("==", Op::Eq), ("!=", Op::Ne), ("<", Op::Lt), (">", Op::Gt)],
    &[("+", Op::Add), ("-", Op::Sub)],
    &[("*", Op::Mul), ("/", Op::Div), ("%", Op::Rem)],
];

fn operator(i: &mut In<'_>, level: usize) -> ModalResult<Option<(Op, usize)>> {
    let at = pos(i)?;
    for (s, op) in LEVELS[level] {
        if opt(tok(*s)).parse_next(i)?.is_some() {
            return Ok(Some((*op, at)));
        }
    }
    Ok(None)
}

fn binary(i: &mut In<'_>, level: usize) -> ModalResult<Expr> {
    if level == LEVELS.len() {
        return unary(i);
    }
    let mut lhs = binary(i, level + 1)?;
    while let Some((op, at)) = operator(i, level)? {
        let rhs = cut_err(|i: &mut In<'_>| binary(i, level + 1)).parse_next(i)?;
        lhs = Expr::Bin(op, Box::new(lhs), Box::new(rhs), at);
        if level == 2 {
            break; // comparisons do not chain
        }
    }
    Ok(lhs)
}

fn unary(i: &mut In<'_>) -> ModalResult<Expr> {
    let at = pos(i)?;
    if opt(tok('-')).parse_next(i)?.is_some() {
        return Ok(Expr::Neg(Box::new(cut_err(unary).parse_next(i)?), at));
    }
    if opt(tok(('!', winnow::combinator::not('=')))).parse_next(i)?.is_some() {
        return Ok(Expr::Not(Box::new(cut_err(unary).parse_next(i)?), at));
    }
    atom(i)
}

fn atom(i: &mut In<'_>) -> ModalResult<Expr> {
    let at = pos(i)?;
    alt((
        number.map(move |l| Expr::Lit(l, at)),
        kw("true").map(move |_| Expr::Lit(Lit::Bool(true), at)),
        kw("false").map(move |_| Expr::Lit(Lit::Bool(false), at)),
        if_expr,
        delimited(sym("("), cut_err(expr), cut_err(sym(")"))),
        (ident, opt(alt((call_args.map(Tail::Call), index.map(Tail::Index))))).map(move |(n, tail)| match tail {
            None => Expr::Name(n, at),
            Some(Tail::Call(args)) => Expr::Call(n, args, at),
            Some(Tail::Index(e)) => Expr::Index(n, Box::new(e), at),
        }),
    ))
    .context(expected("an expression"))
    .parse_next(i)
}

/// What follows a name: a call's arguments or a table's index.
enum Tail {
    Call(Vec<Expr>),
    Index(Expr),
}

fn call_args(i: &mut In<'_>) -> ModalResult<Vec<Expr>> {
    delimited(sym("("), cut_err(separated(1.., expr, sym(","))), cut_err(sym(")"))).parse_next(i)
}

fn index(i: &mut In<'_>) -> ModalResult<Expr> {
    delimited(sym("["), cut_err(expr), cut_err(sym("]"))).parse_next(i)
}

fn if_expr(i: &mut In<'_>) -> ModalResult<Expr> {
    let at = pos(i)?;
    kw("if").parse_next(i)?;
    let c = cut_err(expr).parse_next(i)?;
    let a = cut_err(delimited(sym("{"), expr, sym("}"))).parse_next(i)?;
    cut_err(kw("else")).context(expected("else")).parse_next(i)?;
    let b = cut_err(alt((if_expr, delimited(sym("{"), expr, sym("}"))))).parse_next(i)?;
    Ok(Expr::If(Box::new(c), Box::new(a), Box::new(b), at))
}

/// A number with an optional unit: `1500`, `1500B`, `64KB`, `10us`, `1.5ms`, `10Gbps`.
fn number(i: &mut In<'_>) -> ModalResult<Lit> {
    let start = i.checkpoint();
    let text: &str =
        (digit1, opt(('.', digit1)), take_while(0.., |c: char| c.is_ascii_alphabetic())).take().parse_next(i)?;
    let digits = text.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    let unit = &text[digits.len()..];
    let lit = if unit.is_empty() {
        digits.parse::<i64>().ok().map(Lit::Num)
    } else if unit.ends_with("bps") || unit.ends_with("Bps") {
        crate::units::parse_bandwidth(text).ok().and_then(|b| b.bps()).map(|b| Lit::Rate(clamp(b)))
    } else if unit.ends_with('B') || unit.ends_with('b') {
        crate::units::parse_bytes(text).ok().map(|b| Lit::Size(clamp(b)))
    } else {
        crate::units::parse_time(text).ok().map(|t| Lit::Time(clamp(t.as_ns())))
    };
    match lit {
        Some(l) => {
            skip(i)?;
            Ok(l)
        }
        None => {
            i.reset(&start);
            let mut e = ContextError::new();
            e.push(expected("a whole number, or a number with a unit (ns us ms s, B KB MB, bps Kbps Mbps Gbps)"));
            Err(ErrMode::Cut(e))
        }
    }
}

fn clamp(x: u64) -> i64 {
    x.min(i64::MAX as u64) as i64
}
